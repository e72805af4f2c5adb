import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TextField } from '../../../components/ui/field';
import { PublicLayout } from '../../../components/ui/public-layout';
import { ApiError } from '../../../lib/api';
import { verifyReceipt, type ReceiptVerdict } from '../api/site-calls';
import '../public-site.css';

const FAILED = 'The receipt could not be checked right now. Try again in a moment.';
const HEADLINES: Record<ReceiptVerdict['status'], string> = {
  valid: 'Valid receipt — exclusive lead',
  invalid: 'Not a valid receipt',
  refunded: 'No longer valid — refunded',
  deleted: 'No longer valid — lead deleted',
};
const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /verify-receipt: anyone a contractor hands a receipt to can check it here — the lead id and the
 * receipt code (a link from the contractor's receipt fills both in and checks at once).
 */
export function VerifyReceiptPage() {
  const [params] = useSearchParams();
  const [lead, setLead] = useState(params.get('lead') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [errors, setErrors] = useState<{ lead?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<ReceiptVerdict | null>(null);

  async function check(leadId: string, receiptCode: string) {
    const problems = {
      lead: LEAD_ID.test(leadId.trim()) ? undefined : 'Enter the lead id as it is printed on the receipt.',
      code: receiptCode.trim() ? undefined : 'Enter the receipt code.',
    };
    setErrors(problems);
    setVerdict(null);
    setFailure(null);
    if (problems.lead || problems.code) return;
    setBusy(true);
    try {
      setVerdict(await verifyReceipt({ lead_id: leadId.trim(), code: receiptCode.trim() }));
    } catch (caught) {
      setFailure(caught instanceof ApiError && caught.status !== 0 ? caught.messageOr(FAILED) : FAILED);
    } finally {
      setBusy(false);
    }
  }

  // A shared link carries both: check at once.
  useEffect(() => {
    const l = params.get('lead');
    const c = params.get('code');
    if (l && c) void check(l, c);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(lead, code);
  }

  return (
    <PublicLayout narrow>
      <h1>Check a lead receipt</h1>
      <p className="lead-text">
        Every lead bought on leadmarket is sold to one contractor only, with a signed receipt. Enter the lead id and the
        receipt code to check one.
      </p>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Lead id"
          value={lead}
          error={errors.lead ?? null}
          onChange={(e) => setLead(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label="Receipt code"
          value={code}
          error={errors.code ?? null}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Checking…' : 'Check receipt'}
        </button>
      </form>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      {verdict && (
        <div
          className={`receipt-verdict ${verdict.valid ? 'receipt-verdict--valid' : 'receipt-verdict--invalid'}`}
          role="status"
          data-testid="receipt-verdict"
        >
          <strong>{HEADLINES[verdict.status]}</strong>
          <p>{verdict.verdict}</p>
        </div>
      )}
    </PublicLayout>
  );
}
