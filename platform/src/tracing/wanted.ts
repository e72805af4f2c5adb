/** Tracing is on when the standard OTEL_* variables ask for an exporter (an OTLP endpoint, or a named exporter). */
export function tracingWanted(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_TRACES_EXPORTER);
}
