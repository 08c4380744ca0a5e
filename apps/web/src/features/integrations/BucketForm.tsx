import { Button, Checkbox, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { INTEGRATION_TEXT as T, bucketIntegrationForm, type BucketService } from '@rushes/shared';
import { Form } from '../../ui/Form.tsx';
import { PolicyViewer } from './PolicyViewer.tsx';
import { useCreateContido, useCreateS3, useS3Setup } from './api.ts';

interface Props {
  service: BucketService;
  teamDbId: string;
  onCreated: (id: string) => void;
}

/**
 * New S3 / Contido integration (spec 002 §4): input and output ticks; a ticked path needs its
 * bucket; Create shows only when one is ticked; the region is the team's, read-only (a Contido
 * endpoint brings its own). S3 shows the role trust policy with the team's ExternalId.
 */
export function BucketForm({ service, teamDbId, onCreated }: Props) {
  const [v, setV] = useState({
    input: false,
    input_bucket: '',
    input_bucket_folder: '',
    output: false,
    output_bucket: '',
    output_bucket_folder: '',
    create_date_folders: false,
    auth_mode: (service === 's3' ? 'role' : 'keys') as 'role' | 'keys',
    role_arn: '',
    access_key_id: '',
    secret_access_key: '',
    endpoint: '',
    region: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setup = useS3Setup(service === 's3' ? teamDbId : null);
  const onCreatedAnswer = (d: {
    integration?: { integration_db_id: string };
    s3_integration?: { s3_integration_db_id: string };
  }) => onCreated(d.integration?.integration_db_id ?? d.s3_integration!.s3_integration_db_id);
  const s3 = useCreateS3({ onSuccess: onCreatedAnswer });
  const contido = useCreateContido({ onSuccess: onCreatedAnswer });
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) =>
    setV((old) => ({ ...old, [k]: value }));

  const submit = () => {
    const body = {
      ...v,
      team_db_id: teamDbId,
      input_bucket_folder: v.input_bucket_folder || undefined,
      output_bucket_folder: v.output_bucket_folder || undefined,
      endpoint: service === 'contido' ? v.endpoint : undefined,
      region: service === 'contido' ? v.region : undefined,
    };
    const parsed = bucketIntegrationForm.safeParse(body);
    if (!parsed.success) {
      const e: Record<string, string> = {};
      for (const issue of parsed.error.issues) e[String(issue.path[0])] ??= issue.message;
      setErrors(e);
      return;
    }
    setErrors({});
    (service === 's3' ? s3 : contido).mutate(body);
  };

  const side = (name: 'input' | 'output') => (
    <Stack gap={6}>
      <Checkbox
        label={name === 'input' ? T.input : T.output}
        checked={v[name]}
        onChange={(e) => set(name, e.currentTarget.checked)}
      />
      {v[name] && (
        <>
          <TextInput
            label={name === 'input' ? T.inputBucket : T.outputBucket}
            value={v[`${name}_bucket`]}
            onChange={(e) => set(`${name}_bucket`, e.currentTarget.value)}
            error={errors[`${name}_bucket`]}
            withAsterisk
          />
          <TextInput
            label={name === 'input' ? T.inputFolder : T.outputFolder}
            value={v[`${name}_bucket_folder`]}
            onChange={(e) => set(`${name}_bucket_folder`, e.currentTarget.value)}
            error={errors[`${name}_bucket_folder`]}
          />
        </>
      )}
    </Stack>
  );

  return (
    <Form onSubmit={submit} aria-label={T.newIntegration}>
      {service === 'contido' ? (
        <>
          <TextInput
            label={T.endpoint}
            placeholder="https://"
            value={v.endpoint}
            onChange={(e) => set('endpoint', e.currentTarget.value)}
            error={errors.endpoint}
            withAsterisk
          />
          <TextInput
            label={T.region}
            value={v.region}
            onChange={(e) => set('region', e.currentTarget.value)}
          />
        </>
      ) : (
        <TextInput
          label={T.region}
          value={setup.data ? `${setup.data.region_name} (${setup.data.region})` : ''}
          readOnly
        />
      )}
      {side('input')}
      {side('output')}
      {errors.input && (
        <Text c="red" size="sm">
          {errors.input}
        </Text>
      )}
      <Checkbox
        label={T.createDateFolders}
        checked={v.create_date_folders}
        onChange={(e) => set('create_date_folders', e.currentTarget.checked)}
      />
      {service === 's3' && (
        <SegmentedControl
          aria-label={T.authMode}
          value={v.auth_mode}
          onChange={(value) => set('auth_mode', value as 'role' | 'keys')}
          data={[
            { value: 'role', label: T.authRole },
            { value: 'keys', label: T.authKeys },
          ]}
        />
      )}
      {v.auth_mode === 'role' && service === 's3' ? (
        <>
          {setup.data && (
            <>
              <TextInput label={T.externalId} value={setup.data.external_id} readOnly />
              <PolicyViewer label={T.trustPolicy} json={setup.data.role_trust_policy} />
            </>
          )}
          <TextInput
            label={T.roleArn}
            placeholder="arn:aws:iam::123456789012:role/rushes"
            value={v.role_arn}
            onChange={(e) => set('role_arn', e.currentTarget.value)}
            error={errors.role_arn}
            withAsterisk
          />
        </>
      ) : (
        <>
          <TextInput
            label={T.accessKeyId}
            value={v.access_key_id}
            onChange={(e) => set('access_key_id', e.currentTarget.value)}
            error={errors.access_key_id}
            autoComplete="off"
            withAsterisk
          />
          <PasswordInput
            label={T.secretAccessKey}
            value={v.secret_access_key}
            onChange={(e) => set('secret_access_key', e.currentTarget.value)}
            error={errors.secret_access_key}
            autoComplete="new-password"
            withAsterisk
          />
        </>
      )}
      {(v.input || v.output) && (
        <Button type="submit" loading={s3.isPending || contido.isPending}>
          {T.create}
        </Button>
      )}
    </Form>
  );
}
