import AwsS3Multipart from '@uppy/aws-s3';

/**
 * Uppy's part PUT, taught to continue a part: when the server kept the first bytes of a part whose
 * PUT was cut off (pause, reload, a lost connection or a server restart; filesystem driver only),
 * the signed URL carries `offset` (partUrlFrom) and only the rest of the part is sent. Progress is
 * reported for the whole part, so the upload menu's percentage does not jump back.
 */

type UploadPartBytes = typeof AwsS3Multipart.uploadPartBytes;
type Options = Parameters<UploadPartBytes>[0];

const offsetOf = (url: string): number =>
  Number(new URL(url, window.location.href).searchParams.get('offset')) || 0;

const withoutOffset = (url: string): string => {
  const u = new URL(url, window.location.href);
  u.searchParams.delete('offset');
  return u.toString();
};

/** The status of a failed Uppy part PUT (its error carries the XMLHttpRequest as `source`). */
const statusOf = (error: unknown): number | undefined =>
  (error as { source?: { status?: number } } | null)?.source?.status;

export async function uploadPartBytes(options: Options): ReturnType<UploadPartBytes> {
  const { signature, body } = options;
  const offset = offsetOf(signature.url);
  if (offset === 0 || !(body instanceof Blob) || offset >= body.size) {
    return AwsS3Multipart.uploadPartBytes({
      ...options,
      signature: { ...signature, url: withoutOffset(signature.url) },
    });
  }
  const onProgress = options.onProgress as (event: { loaded: number; lengthComputable: boolean }) => void;
  try {
    return await AwsS3Multipart.uploadPartBytes({
      ...options,
      body: body.slice(offset),
      size: body.size - offset,
      onProgress: (event: { loaded: number; lengthComputable: boolean }) =>
        onProgress({ ...event, loaded: event.loaded + offset }),
    });
  } catch (error) {
    // 409: the server no longer holds those bytes (its partial was replaced): send the whole part.
    if (statusOf(error) !== 409) throw error;
    return AwsS3Multipart.uploadPartBytes({
      ...options,
      signature: { ...signature, url: withoutOffset(signature.url) },
    });
  }
}
