import type { MailMessage } from './mailer';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface SimpleMail {
  to: string;
  subject: string;
  /** Greeting name, e.g. the user's first name. */
  name: string;
  /** Paragraphs of plain text before the action. */
  paragraphs: string[];
  /** Labelled tables after the paragraphs (an order's lines and totals): label and value per row. */
  sections?: MailSection[];
  /** A button (and a plain-text link) to follow, if any. */
  action?: { label: string; url: string };
  /** A second, quieter button beside it (a delivered order: "Received it?" and "Something wrong?"). */
  secondaryAction?: { label: string; url: string };
  /** Paragraphs after the action, e.g. "if this was not you". */
  footer?: string[];
}

export interface MailSection {
  heading: string;
  rows: { label: string; value: string }[];
}

function sectionText(section: MailSection): string[] {
  return [section.heading, ...section.rows.map((row) => (row.value ? `  ${row.label}: ${row.value}` : `  ${row.label}`)), ''];
}

function sectionHtml(section: MailSection): string {
  const rows = section.rows
    .map(
      (row) =>
        `<tr><td style="padding: 2px 12px 2px 0">${escapeHtml(row.label)}</td><td style="padding: 2px 0; text-align: right; white-space: nowrap">${escapeHtml(row.value)}</td></tr>`,
    )
    .join('\n');
  return `<h3 style="margin: 16px 0 4px; font-size: 15px">${escapeHtml(section.heading)}</h3>
<table style="border-collapse: collapse">
${rows}
</table>`;
}

/** One plain and one HTML body for a short transactional e-mail; every value is escaped in the HTML. */
export function simpleMail(mail: SimpleMail): MailMessage {
  const text = [
    `Hello ${mail.name},`,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(mail.sections ?? []).flatMap(sectionText),
    ...(mail.action ? [`${mail.action.label}: ${mail.action.url}`, ''] : []),
    ...(mail.secondaryAction ? [`${mail.secondaryAction.label}: ${mail.secondaryAction.url}`, ''] : []),
    ...(mail.footer ?? []).flatMap((p) => [p, '']),
  ].join('\n');
  const button = mail.action
    ? `<p><a href="${escapeHtml(mail.action.url)}" style="display: inline-block; padding: 10px 18px; background: #0b5cad; color: #fff; text-decoration: none; border-radius: 6px">${escapeHtml(mail.action.label)}</a></p>
<p style="color: #666; font-size: 13px">Or open this address: ${escapeHtml(mail.action.url)}</p>`
    : '';
  const second = mail.secondaryAction
    ? `<p><a href="${escapeHtml(mail.secondaryAction.url)}" style="display: inline-block; padding: 9px 17px; border: 1px solid #0b5cad; color: #0b5cad; text-decoration: none; border-radius: 6px">${escapeHtml(mail.secondaryAction.label)}</a></p>
<p style="color: #666; font-size: 13px">Or open this address: ${escapeHtml(mail.secondaryAction.url)}</p>`
    : '';
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<p>Hello ${escapeHtml(mail.name)},</p>
${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${(mail.sections ?? []).map(sectionHtml).join('\n')}
${button}
${second}
${(mail.footer ?? []).map((p) => `<p style="color: #666">${escapeHtml(p)}</p>`).join('\n')}
</body></html>
`;
  return { to: mail.to, subject: mail.subject, text, html };
}
