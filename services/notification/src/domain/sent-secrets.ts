/**
 * A delivered message keeps no bearer secret: once the provider has taken an SMS or email, the
 * claim token in its link, the token of a reset link and a phone confirmation code and its link are
 * of use only to the recipient, so the
 * delivery row keeps the text with those tokens replaced. The development sinks are the exception:
 * with them the row *is* the recipient's phone or inbox (listed by /dev/outbox, which never runs in
 * production), so it keeps the message as sent.
 */
export const SCRUBBED = 'redacted';

const CLAIM_LINK = /(\/claim\/)[A-Za-z0-9_%.~-]+/g;
const TOKEN_PARAM = /([?&]token=)[^&\s]+/g;
/** The one-tap phone confirmation link, and the code itself (contactCodeSms words it "code is 123456"). */
const CONFIRM_LINK = /(\/confirm\/)[A-Za-z0-9_%.~-]+/g;
const CONFIRM_CODE = /(code is )\d{6}/g;

/** The body with every claim-link token, reset-link token and phone confirmation code and link replaced. */
export const scrubSecrets = (body: string): string =>
  body
    .replace(CLAIM_LINK, `$1${SCRUBBED}`)
    .replace(TOKEN_PARAM, `$1${SCRUBBED}`)
    .replace(CONFIRM_LINK, `$1${SCRUBBED}`)
    .replace(CONFIRM_CODE, `$1${SCRUBBED}`);

/** What the delivery row keeps of a body `provider` has accepted (see above). */
export const bodyToKeep = (provider: string, body: string): string => (provider === 'dev' ? body : scrubSecrets(body));
