import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * A local stand-in for AWS STS AssumeRole, for tests (s3rver has no STS), started on a loopback
 * port. It answers the Query API as AWS documents it (API version 2011-06-15): a form-encoded POST
 * with Action=AssumeRole, RoleArn, RoleSessionName, ExternalId and DurationSeconds, signed with
 * SigV4 for service `sts`; the answer is the AssumeRoleResponse XML with temporary credentials, or
 * the ErrorResponse XML (ValidationError 400, AccessDenied 403, InvalidClientTokenId 403).
 *
 * What it checks: the parameters' documented forms, the signing scope (the caller's access key,
 * service sts), the role's ARN and the ExternalId its trust policy requires. What it does not: the
 * signature bytes themselves (the SDK computes them; s3rver, too, checks a SigV4 request's access
 * key id but not its signature).
 */
export interface StsRole {
  arn: string;
  externalId: string;
  /** The temporary credentials it hands out (s3rver accepts only its own pair). */
  credentials: { accessKeyId: string; secretAccessKey: string };
}

export interface StsCall {
  action: string;
  roleArn: string;
  roleSessionName: string;
  externalId: string;
  durationSeconds: number;
  accessKeyId: string;
  status: number;
}

const NS = 'https://sts.amazonaws.com/doc/2011-06-15/';
const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function errorXml(type: 'Sender' | 'Receiver', code: string, message: string) {
  return `<ErrorResponse xmlns="${NS}"><Error><Type>${type}</Type><Code>${code}</Code><Message>${escapeXml(
    message,
  )}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`;
}

export async function startStsStandin(opts: { callerAccessKeyId: string; roles: StsRole[] }) {
  const calls: StsCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const get = (k: string) => form.get(k) ?? '';
      const call: StsCall = {
        action: get('Action'),
        roleArn: get('RoleArn'),
        roleSessionName: get('RoleSessionName'),
        externalId: get('ExternalId'),
        durationSeconds: Number(get('DurationSeconds') || 3600),
        accessKeyId: '',
        status: 200,
      };
      const answer = (status: number, body: string) => {
        call.status = status;
        calls.push(call);
        res.writeHead(status, { 'content-type': 'text/xml', 'x-amzn-requestid': randomUUID() });
        res.end(body);
      };
      // SigV4: Credential=<key>/<date>/<region>/sts/aws4_request
      const scope = /Credential=([^/]+)\/\d{8}\/[a-z0-9-]+\/([a-z0-9]+)\/aws4_request/.exec(
        String(req.headers.authorization ?? ''),
      );
      call.accessKeyId = scope?.[1] ?? '';
      if (req.method !== 'POST' || !scope || scope[2] !== 'sts' || !req.headers['x-amz-date'])
        return answer(
          403,
          errorXml('Sender', 'MissingAuthenticationToken', 'Request is missing Authentication Token'),
        );
      if (scope[1] !== opts.callerAccessKeyId)
        return answer(
          403,
          errorXml(
            'Sender',
            'InvalidClientTokenId',
            'The security token included in the request is invalid.',
          ),
        );
      if (call.action !== 'AssumeRole' || get('Version') !== '2011-06-15')
        return answer(400, errorXml('Sender', 'InvalidAction', `Could not find operation ${call.action}`));
      if (!/^[\w+=,.@-]{2,64}$/.test(call.roleSessionName))
        return answer(
          400,
          errorXml(
            'Sender',
            'ValidationError',
            "1 validation error detected: Value at 'roleSessionName' failed to satisfy constraint",
          ),
        );
      if (call.roleArn.length < 20 || !call.roleArn.startsWith('arn:aws:iam::'))
        return answer(
          400,
          errorXml(
            'Sender',
            'ValidationError',
            "1 validation error detected: Value at 'roleArn' failed to satisfy constraint",
          ),
        );
      if (call.externalId && !/^[\w+=,.@:/-]{2,1224}$/.test(call.externalId))
        return answer(
          400,
          errorXml(
            'Sender',
            'ValidationError',
            "1 validation error detected: Value at 'externalId' failed to satisfy constraint",
          ),
        );
      if (call.durationSeconds < 900 || call.durationSeconds > 43_200)
        return answer(
          400,
          errorXml(
            'Sender',
            'ValidationError',
            'The requested DurationSeconds exceeds the MaxSessionDuration set for this role.',
          ),
        );
      const role = opts.roles.find((r) => r.arn === call.roleArn);
      // The trust policy's sts:ExternalId condition: a missing or different id is AccessDenied.
      if (!role || role.externalId !== call.externalId)
        return answer(
          403,
          errorXml(
            'Sender',
            'AccessDenied',
            `User: arn:aws:iam::000000000000:user/rushes is not authorized to perform: sts:AssumeRole on resource: ${call.roleArn}`,
          ),
        );
      const roleName = role.arn.split('/').pop() ?? 'role';
      const expiration = new Date(Date.now() + call.durationSeconds * 1000).toISOString();
      const account = role.arn.split(':')[4];
      answer(
        200,
        `<AssumeRoleResponse xmlns="${NS}"><AssumeRoleResult><SourceIdentity></SourceIdentity>` +
          `<AssumedRoleUser><AssumedRoleId>AROA${randomBytes(8).toString('hex').toUpperCase()}:${escapeXml(
            call.roleSessionName,
          )}</AssumedRoleId><Arn>arn:aws:sts::${account}:assumed-role/${escapeXml(roleName)}/${escapeXml(
            call.roleSessionName,
          )}</Arn></AssumedRoleUser>` +
          `<Credentials><AccessKeyId>${escapeXml(role.credentials.accessKeyId)}</AccessKeyId>` +
          `<SecretAccessKey>${escapeXml(role.credentials.secretAccessKey)}</SecretAccessKey>` +
          `<SessionToken>${randomBytes(48).toString('base64')}</SessionToken>` +
          `<Expiration>${expiration}</Expiration></Credentials><PackedPolicySize>6</PackedPolicySize>` +
          `</AssumeRoleResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></AssumeRoleResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
