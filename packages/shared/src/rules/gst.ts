/**
 * GST on what Rushes sells (decided in docs/decisions/0023-gst-tax-invoices.md "GST tax invoices").
 * Prices (plans, storage, credits) are before tax; GST is added when money is paid. All amounts are
 * whole paise. Intra-state supply (the supplier's state equals the place of supply): CGST + SGST at
 * half the rate each; inter-state: IGST at the full rate. Each tax line is rounded to the paisa,
 * half up, on its own (so an intra-state tax can differ from the inter-state one by a paisa).
 */

/** 18 % in basis points (1 bp = 0.01 %). */
export const GST_RATE_BPS = 1800;

/** SAC (services accounting code) of each thing paid for, and its rate. */
export const SAC_CODES = {
  /** Licensing services for the right to use computer software: plans (upgrade, renewal). */
  subscription: { sac: '997331', rateBps: GST_RATE_BPS, title: 'Rushes subscription' },
  /** Hosting and information technology infrastructure provisioning: add-on storage. */
  storage: { sac: '998315', rateBps: GST_RATE_BPS, title: 'Rushes add-on storage' },
  /** The same, for prepaid cloud workstation credits (PSC). */
  credits: { sac: '998315', rateBps: GST_RATE_BPS, title: 'Rushes prepaid credits (PSC)' },
} as const;
export type SacKind = keyof typeof SAC_CODES;

export interface GstLine {
  /** 'CGST' | 'SGST' | 'IGST' */
  tax: 'CGST' | 'SGST' | 'IGST';
  rateBps: number;
  amountPaise: number;
}

export interface GstBreakdown {
  taxablePaise: number;
  intraState: boolean;
  lines: GstLine[];
  taxPaise: number;
  totalPaise: number;
}

/** `paise × bps / 10 000`, rounded half up to the paisa (integers only: no float drift). */
export function percentOfPaise(paise: number, bps: number): number {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error('gst: paise must be a whole number ≥ 0');
  const scaled = BigInt(paise) * BigInt(bps);
  return Number((scaled + 5000n) / 10000n);
}

/** The tax lines of `taxablePaise` supplied from `supplierState` to `placeOfSupply` (2-digit state codes). */
export function gstBreakdown(
  taxablePaise: number,
  supplierState: string,
  placeOfSupply: string,
  rateBps: number = GST_RATE_BPS,
): GstBreakdown {
  const intraState = supplierState === placeOfSupply;
  const lines: GstLine[] = intraState
    ? [
        { tax: 'CGST', rateBps: rateBps / 2, amountPaise: percentOfPaise(taxablePaise, rateBps / 2) },
        { tax: 'SGST', rateBps: rateBps / 2, amountPaise: percentOfPaise(taxablePaise, rateBps / 2) },
      ]
    : [{ tax: 'IGST', rateBps, amountPaise: percentOfPaise(taxablePaise, rateBps) }];
  const taxPaise = lines.reduce((s, l) => s + l.amountPaise, 0);
  return { taxablePaise, intraState, lines, taxPaise, totalPaise: taxablePaise + taxPaise };
}

/** ₹ with en-IN grouping and two decimals, from paise (e.g. 123456789 → '₹12,34,567.89'). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100);
  const p = String(abs % 100).padStart(2, '0');
  return `${sign}₹${rupees.toLocaleString('en-IN')}.${p}`;
}

/** The Indian financial year (April to March) of a date, as '2026-27'. */
export function financialYearOf(date: Date, timeZone = 'Asia/Kolkata'): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(date);
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * An invoice number (Rule 46(b): at most 16 characters of letters, digits, '-' and '/', unique and
 * consecutive within a financial year): 'RI/' + the year + '/' + the year's serial in 5 digits, e.g.
 * 'RI/2026-27/00001' (16 characters; 99,999 invoices a year).
 */
export const INVOICE_SERIAL_MAX = 99_999;
export function invoiceNumber(financialYear: string, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > INVOICE_SERIAL_MAX)
    throw new Error('invoice: serial out of range');
  return `RI/${financialYear}/${String(serial).padStart(5, '0')}`;
}
