// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, UI } from '@rushes/shared';
import { BILLING_API, BILLING_UI, billingDetail, type BillingDetail } from '@rushes/shared/billing';
import { answer, holdFetch } from '../../test/heldFetch.ts';
import { qc } from '../../test/queryClient.ts';
import { freshProvidersPerTest, renderWithProviders, settle } from '../../test/renderWithProviders.tsx';
import { billingKeys } from './api.ts';
import { BillingForm } from './BillingForm.tsx';

const TEAM = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const stateCodes = [
  { code: '29', name: 'Karnataka' },
  { code: '32', name: 'Kerala' },
];
const billing = (over: Partial<BillingDetail> = {}): BillingDetail =>
  billingDetail.parse({
    billing_db_id: 'b1',
    organisation_db_id: 'o1',
    company_name: 'Old Co',
    biling_address: '1 Road, Kochi',
    contact_email: 'pay@old.example',
    alternate_email: 'alt@old.example',
    contact_person: 'Ann',
    gst_no: null,
    pan_no: null,
    // older data keeps the state's name; the form reads it back as its code
    place_of_supply: 'Kerala',
    ...over,
  });

/** Save answers are released by the test (holdFetch). */
let fetchMock: ReturnType<typeof vi.fn>;
const ui = (detail: BillingDetail | null) => (
  <BillingForm teamDbId={TEAM} billing={detail} stateCodes={stateCodes} canEdit />
);
const company = () => screen.getByRole('textbox', { name: BILLING_UI.companyName }) as HTMLInputElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: UI.save }));

// Mantine's autosizing textarea listens to document.fonts, which happy-dom does not have
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

freshProvidersPerTest({ client: { defaultOptions: { mutations: { retry: false } } } });
beforeEach(() => {
  fetchMock = holdFetch();
});

describe('BillingForm', () => {
  it("updates once, then caches the server's copy and shows it", async () => {
    qc.setQueryData(billingKeys.detail(TEAM), billing());
    renderWithProviders(ui(billing()));
    fireEvent.change(company(), { target: { value: 'New Co' } });
    save();
    await settle();
    save();
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual([BILLING_API.root, 'PUT']);
    expect(JSON.parse(String(init.body))).toMatchObject({
      team_id: TEAM,
      company_name: 'New Co',
      state_code: '32',
    });
    const saved = billing({ company_name: 'New Co Pvt Ltd', place_of_supply: '32' });
    await answer(200, { response: true, data: { message: 'Saved', billing: saved }, errormessage: '' });
    expect(qc.getQueryData(billingKeys.detail(TEAM))).toEqual(saved);
    expect(company().value).toBe('New Co Pvt Ltd');
  });

  it('a new form without a place of supply shows it required and asks nothing', async () => {
    renderWithProviders(ui(null));
    for (const [label, value] of [
      [BILLING_UI.companyName, 'First Co'],
      [BILLING_UI.billingAddress, '2 Street, Bengaluru'],
      [BILLING_UI.contactEmail, 'pay@first.example'],
      [BILLING_UI.alternateEmail, 'alt@first.example'],
      [BILLING_UI.contactPerson, 'Bo'],
    ])
      fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
    save();
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(MSG.required)).toBeTruthy();
  });

  it("shows the server's field errors and leaves the cache alone", async () => {
    qc.setQueryData(billingKeys.detail(TEAM), billing());
    renderWithProviders(ui(billing()));
    save();
    await settle();
    await answer(422, {
      response: false,
      data: { errors: { gst_no: 'GST belongs to another state' } },
      errormessage: 'Check the form',
      errorcode: 422,
    });
    expect(screen.getByText('GST belongs to another state')).toBeTruthy();
    expect(qc.getQueryData(billingKeys.detail(TEAM))).toEqual(billing());
  });

  it('a refetch refills the form unless the user is typing', () => {
    const { rerender } = renderWithProviders(ui(billing()));
    rerender(ui(billing({ company_name: 'Elsewhere Co' })));
    expect(company().value).toBe('Elsewhere Co');
    fireEvent.change(company(), { target: { value: 'Typing' } });
    rerender(ui(billing({ company_name: 'Again Co' })));
    expect(company().value).toBe('Typing');
  });
});
