import { S3Client } from '@aws-sdk/client-s3';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { AssumeRoleCommand, STSClient } from '@aws-sdk/nested-clients/sts';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { AppContext } from '../../platform/context.ts';
import { guardedAgents, parseTrustedHosts } from '../../platform/http/outbound.ts';
import { secretBoxFor } from '../../platform/security/secretBox.ts';
import type { IntegrationRow } from './integrations.rows.ts';
import { externalIdOf } from './awsPolicies.ts';

export interface SealedKeys {
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The AWS SDK's requests go through the outbound guard (DESIGN §9): its NodeHttpHandler gets agents
 * whose connections are checked (literal private addresses refused, DNS answers checked, trusted
 * hosts from OUTBOUND_TRUSTED_HOSTS let through). One handler per app: its agents keep connections.
 */
const handlers = new WeakMap<object, NodeHttpHandler>();
export function guardedRequestHandler(ctx: AppContext) {
  let handler = handlers.get(ctx.events);
  if (!handler) {
    const agents = guardedAgents({ trustedHosts: parseTrustedHosts(ctx.config.OUTBOUND_TRUSTED_HOSTS) });
    handler = new NodeHttpHandler({ ...agents, connectionTimeout: 10_000, requestTimeout: 60_000 });
    handlers.set(ctx.events, handler);
  }
  return handler;
}

export const sealKeys = (ctx: AppContext, keys: SealedKeys) =>
  secretBoxFor(ctx.config, ctx.secret).seal(JSON.stringify(keys));

function openKeys(ctx: AppContext, sealed: string): SealedKeys {
  return JSON.parse(secretBoxFor(ctx.config, ctx.secret).open(sealed)) as SealedKeys;
}

/** The endpoint an integration talks to: Contido's own, else INTEGRATIONS_S3_ENDPOINT, else AWS. */
export const endpointOf = (ctx: AppContext, row: IntegrationRow) =>
  row.endpoint || ctx.config.INTEGRATIONS_S3_ENDPOINT || undefined;

/**
 * An S3 client for one integration. Access keys are opened from the secret box only here, in
 * memory, for the call. An IAM role is assumed with the team's ExternalId (cross-account, as AWS
 * recommends) using the server's own AWS credentials (the SDK's default chain), at
 * INTEGRATIONS_STS_ENDPOINT when set (else AWS's regional STS), through the same outbound guard.
 */
export function s3ClientFor(ctx: AppContext, row: IntegrationRow): S3Client {
  const requestHandler = guardedRequestHandler(ctx);
  const endpoint = endpointOf(ctx, row);
  const credentials =
    row.authMode === 'role' && row.roleArn
      ? async () => {
          const stsEndpoint = ctx.config.INTEGRATIONS_STS_ENDPOINT;
          const sts = new STSClient({
            region: row.region,
            requestHandler,
            // The nested STS client has no default chain of its own: the server's credentials
            // (environment, profile, web identity, instance role) come from the SDK's Node chain.
            credentials: defaultProvider(),
            ...(stsEndpoint ? { endpoint: stsEndpoint } : {}),
          });
          const out = await sts.send(
            new AssumeRoleCommand({
              RoleArn: row.roleArn!,
              RoleSessionName: `rushes-${row.id.slice(0, 8)}`,
              ExternalId: externalIdOf(ctx, row.teamId),
              DurationSeconds: 3600,
            }),
          );
          const c = out.Credentials;
          if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('AssumeRole returned no credentials');
          return {
            accessKeyId: c.AccessKeyId,
            secretAccessKey: c.SecretAccessKey,
            sessionToken: c.SessionToken,
            expiration: c.Expiration,
          };
        }
      : openKeys(ctx, row.sealedSecret ?? '');
  return new S3Client({
    region: row.region,
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: Boolean(endpoint),
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler,
    maxAttempts: 3,
  });
}
