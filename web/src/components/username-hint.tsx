/**
 * The account's e-mail as a hidden username field, so a password manager knows whose password
 * a change or set form is saving (Chromium asks for one in every password form).
 */
export function UsernameHint({ username }: { username: string | null }) {
  return <input type="text" name="username" autoComplete="username" value={username ?? ""} readOnly hidden />;
}
