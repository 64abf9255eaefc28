/**
 * The per-process cache of the projects' OAuth servers (oidc-provider instances, built by
 * provider.ts on a project's first OAuth request), and the key their cookies are signed with:
 * the same on every process that shares the server secret.
 */
import type Provider from "oidc-provider";

export class OAuthServers {
  private readonly providers = new Map<string, Promise<Provider>>();

  constructor(readonly cookieKey: string) {}

  get(projectId: string, build: () => Promise<Provider>): Promise<Provider> {
    let provider = this.providers.get(projectId);
    if (!provider) {
      provider = build();
      provider.catch(() => this.providers.delete(projectId));
      this.providers.set(projectId, provider);
    }
    return provider;
  }
}
