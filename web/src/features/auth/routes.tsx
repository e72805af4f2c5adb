import type { RouteObject } from 'react-router-dom';

const signup = async () => ({ Component: (await import('./pages/signup-page')).SignupPage });
const login = async () => ({ Component: (await import('./pages/login-page')).LoginPage });

/** Routes of the auth feature (pages load lazily, each its own chunk). */
export const authRoutes: RouteObject[] = [
  { path: '/signup', lazy: signup },
  { path: '/contractors/signup', lazy: signup },
  { path: '/login', lazy: login },
  { path: '/contractor-login', lazy: login },
  { path: '/reset-password', lazy: async () => ({ Component: (await import('./pages/reset-password-page')).ResetPasswordPage }) },
  { path: '/welcome', lazy: async () => ({ Component: (await import('./pages/welcome-page')).WelcomePage }) },
];
