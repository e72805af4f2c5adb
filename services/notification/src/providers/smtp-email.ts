import nodemailer from 'nodemailer';
import type { EmailProvider, SendResult } from './provider.js';

/** Email over SMTP with nodemailer (SMTP_URL like smtp://user:pass@host:587). */
export function createSmtpEmail(options: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(options.url);
  return {
    name: 'smtp',
    async send({ to, subject, body }): Promise<SendResult> {
      const info = await transport.sendMail({ from: options.from, to, subject, text: body });
      return { provider: 'smtp', providerMessageId: info.messageId, status: 'sent' };
    },
  };
}
