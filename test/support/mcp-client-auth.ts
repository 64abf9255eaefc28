/**
 * The MCP SDK client's OAuth side, kept in memory as a command-line MCP client would keep it
 * on disk: its registration (dynamic, RFC 7591), tokens and PKCE verifier. When the SDK needs
 * the user, it hands over the authorization URL; the test opens it (in Chromium, or over HTTP)
 * and gives the code back through the transport's `finishAuth`.
 */
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

export class MemoryMcpAuth implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  /** Where discovery found the authorization server, kept for the code exchange after the redirect. */
  discovery: OAuthDiscoveryState | undefined;
  /** Each URL the SDK asked the user to open, in order. */
  readonly authorizationUrls: URL[] = [];

  constructor(readonly redirectUrl: string) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Notes MCP client",
      redirect_uris: [this.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  discoveryState() {
    return this.discovery;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
}
