import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazy-page';

const SignupPage = lazyPage(
  () => import('./pages/signup-page'),
  (m) => m.SignupPage,
);
const LoginPage = lazyPage(
  () => import('./pages/login-page'),
  (m) => m.LoginPage,
);
const ResetPasswordPage = lazyPage(
  () => import('./pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const WelcomePage = lazyPage(
  () => import('./pages/welcome-page'),
  (m) => m.WelcomePage,
);

/** Routes of the auth feature (pages load lazily, each its own chunk). */
export const authRoutes: RouteObject[] = [
  { path: '/signup', element: <SignupPage /> },
  { path: '/contractors/signup', element: <SignupPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/contractor-login', element: <LoginPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/welcome', element: <WelcomePage /> },
];
