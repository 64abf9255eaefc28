import { Button, type ButtonProps } from "@mantine/core";
import { Link } from "react-router";

/** A router link that looks like a button. */
export function LinkButton({ to, ...props }: ButtonProps & { to: string; children: React.ReactNode }) {
  return <Button component={Link} to={to} {...props} />;
}
