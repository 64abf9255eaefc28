import { GatehouseProvider } from "@gatehouse/clients/react";
import type { QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { Outlet, useNavigate } from "react-router";
import { appNavigate } from "../lib/app-navigate";
import { handlerPathBase } from "../lib/handler-paths";
import { session } from "../lib/session";

/** Inside the router, so that the client library navigates with it. */
export function Root({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  const libraryNavigate = useMemo(() => appNavigate(navigate), [navigate]);
  return (
    <GatehouseProvider session={session} queryClient={queryClient} urls={{ handlerPath: handlerPathBase }} navigate={libraryNavigate}>
      <Outlet />
    </GatehouseProvider>
  );
}
