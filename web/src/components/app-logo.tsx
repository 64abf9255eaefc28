import { Avatar, type MantineSize } from "@mantine/core";

/**
 * An OAuth app's logo, or its initials on a colour of their own when it has none. Decorative:
 * the app's name is always written beside it. The image is fetched without a Referer, so the
 * app's server does not learn the address of the page that showed it.
 */
export function AppLogo({ name, logoUrl, size = "lg" }: { name: string; logoUrl: string | null; size?: MantineSize | number }) {
  return (
    <Avatar
      src={logoUrl}
      name={name}
      color="initials"
      radius="md"
      size={size}
      alt=""
      aria-hidden
      imageProps={{ referrerPolicy: "no-referrer" }}
    />
  );
}
