import { useCallback, useEffect, useState } from 'react';
import { adminSession } from '../../../lib/storage';
import { AdminDashboard } from '../components/admin-dashboard';
import { LoginCard } from '../components/login-card';
import '../admin.css';

/** /admin, /admin-login and /admin-dashboard: the login card until a server-side admin session exists, then the dashboard. */
export function AdminPage() {
  const [token, setToken] = useState<string | null>(() => adminSession.get());
  // The admin screens are not the landing page: the tab says which one this is.
  useEffect(() => {
    document.title = token ? 'Admin Dashboard · leadmarket' : 'Admin Login · leadmarket';
  }, [token]);

  const loggedIn = useCallback((newToken: string) => {
    adminSession.save(newToken);
    setToken(newToken);
  }, []);
  // Logout and an expired session (any 401) both return to the login card.
  const loggedOut = useCallback(() => {
    adminSession.clear();
    setToken(null);
  }, []);

  return token ? (
    <AdminDashboard token={token} onLogout={loggedOut} onUnauthorized={loggedOut} />
  ) : (
    <LoginCard onLoggedIn={loggedIn} />
  );
}
