import { LEGAL_PAGES_DATE } from '@leadmarket/contracts/constants';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../../components/ui/public-layout';
import { SUPPORT_EMAIL } from '../site-info';
import '../public-site.css';

function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicLayout narrow>
      <article className="legal">
        <h1>{title}</h1>
        <p className="muted">Last updated: {LEGAL_PAGES_DATE}</p>
        {children}
        <h2>Contact</h2>
        <p>
          Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </article>
    </PublicLayout>
  );
}

/** /privacy-policy */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>Information We Collect</h2>
      <p>
        When you request a service we collect your name, phone number, ZIP code, optional email and a description of the
        job. Contractors provide business and contact details.
      </p>
      <h2>How We Use It</h2>
      <p>
        We share a customer's request with one matched professional only, after that professional claims it. We screen
        requests for validity and abuse.
      </p>
      <h2>Your Choices</h2>
      <p>
        You may ask us to access or delete your data at any time. Contractors may turn SMS alerts off from their
        dashboard.
      </p>
    </LegalPage>
  );
}

/** /terms-of-service */
export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service">
      <h2>The Service</h2>
      <p>
        We connect customers with independent professionals. Each lead is sold to one contractor, who pays from a
        prepaid wallet.
      </p>
      <h2>Contractor Accounts</h2>
      <p>
        There are no monthly fees or contracts. Wallet funds are used for lead purchases; refunds follow our refund
        policy.
      </p>
      <h2>Acceptable Use</h2>
      <p>Submitting false or abusive requests is not permitted.</p>
    </LegalPage>
  );
}

/** /disclaimer */
export function DisclaimerPage() {
  return (
    <LegalPage title="Disclaimer">
      <p>
        Professionals on our marketplace are independent businesses. We do not perform, guarantee or supervise their
        work. Statistics on this site describe past results and are not a promise of future results.
      </p>
    </LegalPage>
  );
}

/** /tcpa-notice */
export function TcpaNoticePage() {
  return (
    <LegalPage title="TCPA Notice">
      <p>
        By submitting a service request you agree that the matched professional may contact you by phone or text at the
        number you provide, including by automated means. Consent is not a condition of purchase.
      </p>
      <p>Contractors who opt in to SMS alerts may reply STOP at any time to stop receiving messages.</p>
    </LegalPage>
  );
}
