/**
 * The billing details panel's words (spec 002 §5 for the GST and PAN checks). MSG and UI spread
 * them (rules/messages.ts, rules/labels.ts), so callers that read `MSG.invalidGst` or
 * `UI.companyName` keep working.
 */
export const BILLING_MSG = {
  invalidGst: 'Enter a valid GST',
  invalidPan: 'Enter a valid PAN',
  billingUpdated: 'Details Updated Successfully',
} as const;

export const BILLING_UI = {
  billingDetails: 'Billing Details',
  billingDetailsDescription: 'Add and manage billing information for invoices',
  companyName: 'Company name',
  billingAddress: 'Billing address',
  contactEmail: 'Contact email',
  alternateEmail: 'Alternate email',
  contactPerson: 'Contact person',
  placeOfSupply: 'Place of supply',
  gstNumber: 'GST number',
  panNumber: 'PAN number',
} as const;
