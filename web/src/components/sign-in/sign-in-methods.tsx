import { Trans } from "@lingui/react/macro";
import { useProject, useSsoOffered } from "@gatehouse/clients/react";
import { Text } from "@mantine/core";
import { EmailCodeSignIn } from "./email-code-sign-in";
import { MethodTabs } from "./method-tabs";
import { OAuthButtons } from "./oauth-buttons";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordSignIn } from "./password-sign-in";
import { SsoSignIn } from "./sso-sign-in";

interface SignInMethodsProps {
  /** The "Forgot password?" link beside the password; left out where this site's reset page is another project's. */
  forgotPassword?: boolean;
  /** Where the mailed sign-in link leads; this site's magic-link page unless given. */
  magicLinkUrl?: string;
}

/**
 * The sign-in methods the project has switched on (SPEC §1), and only those: single sign-on and providers first,
 * then password and e-mail code, then passkeys. Used by the sign-in page and by pages that sign
 * in to another project than this site's (the OAuth authorize page).
 */
export function SignInMethods({ forgotPassword = true, magicLinkUrl }: SignInMethodsProps) {
  const project = useProject();
  const { credential_enabled: password, magic_link_enabled: emailCode, passkey_enabled: passkey } = project.config;
  const sso = useSsoOffered();
  const providers = project.config.enabled_oauth_providers.length > 0 || sso === true;
  return (
    <>
      <SsoSignIn />
      <OAuthButtons />
      <MethodTabs
        password={password ? <PasswordSignIn forgotPassword={forgotPassword} /> : null}
        emailCode={emailCode ? <EmailCodeSignIn callbackUrl={magicLinkUrl} /> : null}
      />
      <PasskeySignIn divider={password || emailCode || providers} />
      {!password && !emailCode && !passkey && !providers && sso === false ? (
        <Text>
          <Trans>Signing in is switched off for this project. Ask its administrator.</Trans>
        </Text>
      ) : null}
    </>
  );
}
