import { describe, expect, it } from 'vitest';
import { financialYearOf, formatRupees, gstBreakdown, invoiceNumber, percentOfPaise } from './gst.ts';

describe('GST', () => {
  // [taxable paise, supplier state, place of supply, expected lines, tax, total]
  const cases: [number, string, string, [string, number, number][], number, number][] = [
    // intra-state: CGST + SGST at 9 % each
    [
      50_000,
      '29',
      '29',
      [
        ['CGST', 900, 4_500],
        ['SGST', 900, 4_500],
      ],
      9_000,
      59_000,
    ],
    // inter-state: IGST at 18 %
    [50_000, '29', '27', [['IGST', 1800, 9_000]], 9_000, 59_000],
    // rounding to the paisa, half up, per line: 9 % of ₹0.05 = 0.45 p → 0 p; 18 % = 0.9 p → 1 p
    [
      5,
      '29',
      '29',
      [
        ['CGST', 900, 0],
        ['SGST', 900, 0],
      ],
      0,
      5,
    ],
    [5, '29', '07', [['IGST', 1800, 1]], 1, 6],
    // 9 % of 1 p... of ₹1,001 = ₹90.09 exactly
    [
      100_100,
      '29',
      '29',
      [
        ['CGST', 900, 9_009],
        ['SGST', 900, 9_009],
      ],
      18_018,
      118_118,
    ],
    // 9 % of ₹0.50 = 4.5 p → 5 p each (half up), so CGST + SGST = 10 p while IGST = 9 p
    [
      50,
      '29',
      '29',
      [
        ['CGST', 900, 5],
        ['SGST', 900, 5],
      ],
      10,
      60,
    ],
    [50, '29', '33', [['IGST', 1800, 9]], 9, 59],
    // ₹12,345.67: 9 % = 111,111.03 p → 111,111; 18 % = 222,222.06 p → 222,222
    [
      1_234_567,
      '29',
      '29',
      [
        ['CGST', 900, 111_111],
        ['SGST', 900, 111_111],
      ],
      222_222,
      1_456_789,
    ],
    [1_234_567, '29', '36', [['IGST', 1800, 222_222]], 222_222, 1_456_789],
    // large amounts stay exact (integer arithmetic): ₹9,99,99,999.99
    [9_999_999_999, '29', '19', [['IGST', 1800, 1_800_000_000]], 1_800_000_000, 11_799_999_999],
  ];
  it.each(cases)('%i paise from %s to %s', (taxable, from, to, lines, tax, total) => {
    const g = gstBreakdown(taxable, from, to);
    expect(g.intraState).toBe(from === to);
    expect(g.lines.map((l) => [l.tax, l.rateBps, l.amountPaise])).toEqual(lines);
    expect(g.taxPaise).toBe(tax);
    expect(g.totalPaise).toBe(total);
  });

  it('refuses fractional paise', () => {
    expect(() => percentOfPaise(1.5, 900)).toThrow();
    expect(() => percentOfPaise(-1, 900)).toThrow();
  });

  it('formats rupees with en-IN grouping and the ₹ sign', () => {
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(118_118)).toBe('₹1,181.18');
    expect(formatRupees(123_456_789)).toBe('₹12,34,567.89');
  });

  it('financial years run April to March in India', () => {
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // 00:00 IST, 1 April
    expect(financialYearOf(new Date('2026-11-24T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it('invoice numbers are at most 16 characters of letters, digits, - and /', () => {
    expect(invoiceNumber('2026-27', 1)).toBe('RI/2026-27/00001');
    expect(invoiceNumber('2026-27', 99_999)).toBe('RI/2026-27/99999');
    for (const n of [1, 42, 99_999]) expect(invoiceNumber('2026-27', n)).toMatch(/^[A-Za-z0-9/-]{1,16}$/);
    expect(() => invoiceNumber('2026-27', 0)).toThrow();
    expect(() => invoiceNumber('2026-27', 100_000)).toThrow();
  });
});
