/**
 * A package imported at its first use instead of at start. A node loads about 2,000 modules before
 * it listens; the SDKs only some requests need (the AI and transcription services' client, passkeys,
 * PDF writing, payments, SMTP, QR codes, FTP) were a quarter of them, and a node restarted under load took
 * that much longer to take its share of the users back. `loaded()` is the package once a use has
 * imported it (to classify an error that only a use can have raised).
 */
export function lazyImport<T>(load: () => Promise<T>) {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const get = () => (loading ??= load().then((m) => (module = m)));
  get.loaded = () => module;
  return get;
}
