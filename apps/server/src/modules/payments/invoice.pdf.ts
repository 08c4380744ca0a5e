import { createRequire } from 'node:module';
import { formatDate, formatRupees } from '@rushes/shared';
import type { invoices } from '../../db/schema/index.ts';
import type { PaymentRow } from './payments.service.ts';
import type { InvoiceParties } from './invoice.issue.ts';
import { lazyImport } from '../../platform/lazyImport.ts';

type InvoiceRow = typeof invoices.$inferSelect;

const pdfkit = lazyImport(() => import('pdfkit'));
const require = createRequire(import.meta.url);
/** Noto Sans, shipped in an npm package and embedded in every PDF: it has the ₹ sign. */
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const FONT_BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

/** Invoices are dated in India's time zone (the financial year is India's). */
const IST = 'Asia/Kolkata';
const pct = (bps: number) => `${bps / 100}%`;

/**
 * The GST tax invoice of one paid payment as a PDF (Rule 46 of the CGST Rules): supplier's name,
 * address and GSTIN; the invoice number and date; the recipient's name, address, GSTIN (or
 * 'Unregistered') and state; SAC, description, quantity, taxable value; each tax's rate and amount
 * (CGST + SGST within the supplier's state, IGST across states); the total; the place of supply with
 * its state name and code; whether tax is payable on reverse charge (no); the supplier's signatory.
 */
export async function renderInvoicePdf(invoice: InvoiceRow, payment: PaymentRow): Promise<Buffer> {
  const parties = invoice.parties as InvoiceParties;
  const { default: PDFDocument } = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Tax Invoice ${invoice.number}`, Author: parties.supplier.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(18).text('Tax Invoice', { align: 'right' });
  doc.moveDown(0.5);
  const { supplier, recipient } = parties;
  doc.font('bold').fontSize(12).text(supplier.name);
  doc.font('body').fontSize(9).text(supplier.address);
  doc.text(`GSTIN: ${supplier.gstin}`);
  doc.text(`State: ${supplier.stateName} (${supplier.stateCode})`);
  doc.moveDown();

  const metaTop = doc.y;
  doc.font('bold').fontSize(10).text('Bill to', left, metaTop);
  doc
    .font('body')
    .fontSize(9)
    .text(recipient.name, { width: width / 2 - 10 });
  if (recipient.address) doc.text(recipient.address, { width: width / 2 - 10 });
  doc.text(`GSTIN: ${recipient.gstin ?? 'Unregistered'}`);
  doc.text(`State: ${recipient.stateName} (${recipient.stateCode})`);
  if (recipient.contactEmail) doc.text(recipient.contactEmail);
  const leftBottom = doc.y;

  const meta: [string, string][] = [
    ['Invoice No.', invoice.number],
    ['Invoice date', formatDate(invoice.issuedAt, IST)],
    ['Place of supply', `${recipient.stateName} (${recipient.stateCode})`],
    ['Reverse charge', 'No'],
    [
      'Payment',
      `${payment.provider === 'razorpay' ? 'Razorpay' : 'Test mode'} ${payment.providerPaymentId ?? ''}`.trim(),
    ],
  ];
  let y = metaTop;
  for (const [k, v] of meta) {
    doc
      .font('bold')
      .fontSize(9)
      .text(k, left + width / 2, y, { width: 100 });
    doc.font('body').text(v, left + width / 2 + 100, y, { width: width / 2 - 100 });
    y = doc.y + 2;
  }
  doc.y = Math.max(leftBottom, y) + 16;

  // The line items: one service per payment.
  const cols = [
    { title: '#', w: 24 },
    { title: 'Description', w: width - 24 - 70 - 40 - 110 },
    { title: 'SAC', w: 70 },
    { title: 'Qty', w: 40 },
    { title: 'Taxable value', w: 110, right: true },
  ];
  const row = (cells: string[], font: 'body' | 'bold') => {
    const top = doc.y;
    let x = left;
    let bottom = top;
    cells.forEach((cell, i) => {
      doc
        .font(font)
        .fontSize(9)
        .text(cell, x + 4, top + 4, {
          width: cols[i].w - 8,
          align: cols[i].right ? 'right' : 'left',
        });
      bottom = Math.max(bottom, doc.y);
      x += cols[i].w;
    });
    doc
      .moveTo(left, bottom + 4)
      .lineTo(left + width, bottom + 4)
      .lineWidth(0.5)
      .stroke('#999999');
    doc.y = bottom + 6;
  };
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .stroke('#999999');
  row(
    cols.map((c) => c.title),
    'bold',
  );
  row(['1', payment.description, payment.gst.sac, '1', formatRupees(payment.taxablePaise)], 'body');

  const totals: [string, string, boolean][] = [
    ['Taxable value', formatRupees(payment.taxablePaise), false],
    ...payment.gst.lines.map((l): [string, string, boolean] => [
      `${l.tax} @ ${pct(l.rateBps)}`,
      formatRupees(l.amountPaise),
      false,
    ]),
    ['Total tax', formatRupees(payment.taxPaise), false],
    ['Invoice total', formatRupees(payment.amountPaise), true],
  ];
  doc.moveDown(0.5);
  for (const [k, v, strong] of totals) {
    const top = doc.y;
    doc.font(strong ? 'bold' : 'body').fontSize(strong ? 11 : 9);
    doc.text(k, left + width - 260, top, { width: 150, align: 'right' });
    doc.text(v, left + width - 110, top, { width: 106, align: 'right' });
    doc.y = Math.max(doc.y, top + 14);
  }
  doc.moveDown(2);
  doc.font('body').fontSize(8).fillColor('#444444');
  doc.text(
    `GST at ${pct(payment.gst.rateBps)} on SAC ${payment.gst.sac}. ` +
      (payment.gst.lines.length === 2 ? 'Intra-state supply: CGST and SGST.' : 'Inter-state supply: IGST.'),
    left,
  );
  doc.text('Amounts in Indian rupees (INR). 1 PSC = ₹1.');
  doc.moveDown(2);
  doc.fillColor('#000000').font('bold').fontSize(9).text(`For ${supplier.name}`, { align: 'right' });
  doc.moveDown(1.5);
  doc.font('body').text('Authorised Signatory', { align: 'right' });
  doc.moveDown(1);
  doc.fontSize(8).fillColor('#444444').text('This is a computer-generated invoice.', { align: 'center' });
  doc.end();
  return done;
}
