/**
 * OpenTelemetry traces, exported over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT (or the
 * traces-specific variable) is set, and nothing at all otherwise.
 *
 * Spans come from the OpenTelemetry API, not from patching modules as they load: the server is
 * ES modules run through tsx today and is to be one bundled file, and load-time hooks see
 * neither. So the request span is opened by the app's first middleware (http/request-span.ts),
 * SQL spans by the database adapters (db/sql-span.ts, PostgreSQL and PGlite alike), and
 * outbound fetch calls are traced by the undici instrumentation, which listens on Node's
 * diagnostics channels rather than patching anything. An incoming `traceparent` is honoured
 * through the W3C propagator the provider registers. The SDK's modules are loaded only when
 * tracing is on: a server that does not trace does not spend its start loading them.
 */
import type { AppConfig } from "./config/env";

export interface Tracing {
  /** Sends what is still buffered, then stops. */
  shutdown(): Promise<void>;
}

export async function startTracing(settings: AppConfig["tracing"], version = "1.0.0"): Promise<Tracing | null> {
  if (!settings) return null;
  const [{ UndiciInstrumentation }, { OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor, NodeTracerProvider }] = await Promise.all([
    import("@opentelemetry/instrumentation-undici"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace-node"),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.version": version }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl, headers: settings.headers }))],
  });
  provider.register();
  const undici = new UndiciInstrumentation();
  undici.setTracerProvider(provider);
  undici.enable();
  return {
    async shutdown() {
      undici.disable();
      await provider.shutdown();
    },
  };
}
