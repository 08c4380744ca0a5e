import { createHmac } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';

/**
 * What the customer sets up in AWS, the way AWS recommends for a third party reaching a
 * customer's account: a role in their account that trusts our account only with an ExternalId. The
 * ExternalId is the team's, derived from the server secret (stable, unguessable, never chosen by
 * the customer, so no other customer of ours can name their role: the confused-deputy guard).
 */
export const externalIdOf = (ctx: AppContext, teamId: string) =>
  `rushes-${createHmac('sha256', ctx.secret).update(`aws-external-id:${teamId}`).digest('hex').slice(0, 32)}`;

export const principalOf = (ctx: AppContext) => `arn:aws:iam::${ctx.config.INTEGRATIONS_AWS_ACCOUNT_ID}:root`;

const json = (doc: unknown) => JSON.stringify(doc, null, 2);

export function roleTrustPolicy(ctx: AppContext, teamId: string) {
  return json({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: principalOf(ctx) },
        Action: 'sts:AssumeRole',
        Condition: { StringEquals: { 'sts:ExternalId': externalIdOf(ctx, teamId) } },
      },
    ],
  });
}

const prefixOf = (folder: string | null) => (folder ? `${folder.replace(/^\/+|\/+$/g, '')}/` : '');

/** The statements reading the input bucket (list under the folder, get its objects). */
export function inputStatements(bucket: string, folder: string | null) {
  const prefix = prefixOf(folder);
  return [
    {
      Sid: 'RushesListInput',
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: `arn:aws:s3:::${bucket}`,
      ...(prefix ? { Condition: { StringLike: { 's3:prefix': [`${prefix}*`] } } } : {}),
    },
    {
      Sid: 'RushesReadInput',
      Effect: 'Allow',
      Action: ['s3:GetObject'],
      Resource: `arn:aws:s3:::${bucket}/${prefix}*`,
    },
  ];
}

/** The statements writing the output bucket (put, multipart, delete of the probe object). */
export function outputStatements(bucket: string, folder: string | null) {
  const prefix = prefixOf(folder);
  return [
    {
      Sid: 'RushesListOutput',
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: `arn:aws:s3:::${bucket}`,
    },
    {
      Sid: 'RushesWriteOutput',
      Effect: 'Allow',
      Action: ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
      Resource: `arn:aws:s3:::${bucket}/${prefix}*`,
    },
  ];
}

export interface BucketSides {
  inputBucket: string | null;
  inputFolder: string | null;
  outputBucket: string | null;
  outputFolder: string | null;
}

/** input_bucket_policy, output_bucket_policy and bucket_policy (the role's whole permissions policy). */
export function bucketPolicies(s: BucketSides) {
  const input = s.inputBucket ? inputStatements(s.inputBucket, s.inputFolder) : null;
  const output = s.outputBucket ? outputStatements(s.outputBucket, s.outputFolder) : null;
  const doc = (statements: unknown[]) => json({ Version: '2012-10-17', Statement: statements });
  return {
    input_bucket_policy: input ? doc(input) : null,
    output_bucket_policy: output ? doc(output) : null,
    bucket_policy: input || output ? doc([...(input ?? []), ...(output ?? [])]) : null,
  };
}
