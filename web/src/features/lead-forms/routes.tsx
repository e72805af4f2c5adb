import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazy-page';

const industryPages = () => import('./pages/industry-page');
const LeadIntakePage = lazyPage(
  () => import('./pages/lead-intake-page'),
  (m) => m.LeadIntakePage,
);
const HvacPage = lazyPage(industryPages, (m) => m.HvacPage);
const LegalPage = lazyPage(industryPages, (m) => m.LegalPage);
const RealEstatePage = lazyPage(industryPages, (m) => m.RealEstatePage);
const FinancePage = lazyPage(industryPages, (m) => m.FinancePage);
const InsurancePage = lazyPage(industryPages, (m) => m.InsurancePage);
const HealthcarePage = lazyPage(industryPages, (m) => m.HealthcarePage);
const AutoPage = lazyPage(industryPages, (m) => m.AutoPage);
const ConfirmLinkPage = lazyPage(
  () => import('./pages/confirm-link-page'),
  (m) => m.ConfirmLinkPage,
);
// The page after a submitted request lives with the forms: it asks for the phone confirmation code.
const ThankYouPage = lazyPage(
  () => import('./pages/thank-you-page'),
  (m) => m.ThankYouPage,
);
const PlumbingPage = lazyPage(
  () => import('./pages/plumbing-page'),
  (m) => m.PlumbingPage,
);

/** Routes of the lead-forms feature (pages load lazily, each its own chunk). */
export const leadFormRoutes: RouteObject[] = [
  { path: '/lead-intake', element: <LeadIntakePage /> },
  { path: '/hvac', element: <HvacPage /> },
  { path: '/legal', element: <LegalPage /> },
  { path: '/real-estate', element: <RealEstatePage /> },
  { path: '/finance', element: <FinancePage /> },
  { path: '/insurance', element: <InsurancePage /> },
  { path: '/healthcare', element: <HealthcarePage /> },
  { path: '/auto', element: <AutoPage /> },
  { path: '/services/plumbing', element: <PlumbingPage /> },
  { path: '/thank-you', element: <ThankYouPage /> },
  { path: '/confirm/:token', element: <ConfirmLinkPage /> },
];
