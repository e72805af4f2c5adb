import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: { proxy: { '/.netlify': 'http://localhost:8080', '/dev': 'http://localhost:8080' } },
});
