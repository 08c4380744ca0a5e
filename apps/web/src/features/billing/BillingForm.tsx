import { Button, Group, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, UI } from '@rushes/shared';
import { BILLING_MSG, BILLING_UI, billingBody, type BillingDetail } from '@rushes/shared/billing';
import { showApiError } from '../../app/apiErrors.ts';
import { Form } from '../../ui/Form.tsx';
import { toast } from '../../ui/toast.ts';
import { useZodForm } from '../../ui/useZodForm.ts';
import { billingKeys, useCreateBilling, useUpdateBilling } from './api.ts';

type SavedBilling = { message?: string; billing?: BillingDetail };

interface BillingFormProps {
  teamDbId: string;
  billing: BillingDetail | null;
  stateCodes: { code: string; name: string }[];
  canEdit: boolean;
}

/** place_of_supply is read back as the state code (or, from older data, its name). */
function stateCodeOf(placeOfSupply: string, stateCodes: { code: string; name: string }[]): string {
  return stateCodes.find((s) => s.code === placeOfSupply || s.name === placeOfSupply)?.code ?? '';
}

/**
 * Billing details (spec 002 §5): company name, billing address, contact and alternate e-mail,
 * contact person and place of supply required; GST and PAN checked by the shared billingBody
 * ('Enter a valid GST', 'Enter a valid PAN'). Created by POST, updated by PUT.
 */
function valuesOf(billing: BillingDetail | null, stateCodes: { code: string; name: string }[]) {
  return {
    company_name: billing?.company_name ?? '',
    biling_address: billing?.biling_address ?? '',
    contact_email: billing?.contact_email ?? '',
    alternate_email: billing?.alternate_email ?? '',
    contact_person: billing?.contact_person ?? '',
    state_code: billing ? stateCodeOf(billing.place_of_supply, stateCodes) : '',
    gst_no: billing?.gst_no ?? '',
    pan_number: billing?.pan_no ?? '',
  };
}

export function BillingForm({ teamDbId, billing, stateCodes, canEdit }: BillingFormProps) {
  const queryClient = useQueryClient();
  const form = useZodForm(billingBody, valuesOf(billing, stateCodes));
  const { refill } = form;

  // Saved elsewhere (billing_detail refetch): refill while the user is not editing.
  useEffect(() => {
    refill(valuesOf(billing, stateCodes));
  }, [refill, billing, stateCodes]);

  const onSuccess = (data: SavedBilling) => {
    toast.success(data.message || BILLING_MSG.billingUpdated);
    if (data.billing) form.refill(valuesOf(data.billing, stateCodes), true);
    if (data.billing) queryClient.setQueryData(billingKeys.detail(teamDbId), data.billing);
    else void queryClient.invalidateQueries({ queryKey: billingKeys.detail(teamDbId) });
  };
  const onError = (error: Error) => {
    if (!form.applyServerErrors(error)) showApiError(error);
  };
  const create = useCreateBilling({ meta: { silent: true }, onSuccess, onError });
  const update = useUpdateBilling({ meta: { silent: true }, onSuccess, onError });
  const save = billing ? update : create;

  const textarea = form.field('biling_address');

  return (
    <Form
      gap="sm"
      aria-label={BILLING_UI.billingDetails}
      onSubmit={() => {
        const body = form.validate({ team_id: teamDbId });
        if (body) save.mutate(body);
      }}
    >
      <TextInput label={BILLING_UI.companyName} disabled={!canEdit} {...form.field('company_name')} />
      <Textarea
        label={BILLING_UI.billingAddress}
        autosize
        minRows={3}
        maxRows={6}
        disabled={!canEdit}
        name={textarea.name}
        value={textarea.value}
        error={textarea.error}
        onChange={(event) => form.setValue('biling_address', event.currentTarget.value)}
      />
      <TextInput
        label={BILLING_UI.contactEmail}
        type="email"
        disabled={!canEdit}
        {...form.field('contact_email')}
      />
      <TextInput
        label={BILLING_UI.alternateEmail}
        type="email"
        disabled={!canEdit}
        {...form.field('alternate_email')}
      />
      <TextInput label={BILLING_UI.contactPerson} disabled={!canEdit} {...form.field('contact_person')} />
      <Select
        label={BILLING_UI.placeOfSupply}
        data={stateCodes.map((s) => ({ value: s.code, label: s.name }))}
        value={form.values.state_code || null}
        error={form.errors.state_code}
        searchable
        disabled={!canEdit}
        nothingFoundMessage={MSG.noRecordFound}
        onChange={(value) => form.setValue('state_code', value ?? '')}
        comboboxProps={{ withinPortal: false }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={BILLING_UI.gstNumber}
          description={UI.optional}
          disabled={!canEdit}
          {...form.field('gst_no')}
        />
        <TextInput
          label={BILLING_UI.panNumber}
          description={UI.optional}
          disabled={!canEdit}
          {...form.field('pan_number')}
        />
      </SimpleGrid>
      {canEdit && (
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {UI.save}
          </Button>
        </Group>
      )}
    </Form>
  );
}
