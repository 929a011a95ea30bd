import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import * as React from "react";
import { useTranslation } from "react-i18next";
import { Toaster } from "../components/ui/toaster";
import { toast } from "../components/ui/use-toast";
import i18n from "../lib/i18n";
import { expireSession, isSessionError } from "../lib/session";
import { ThemeProvider } from "../lib/theme";
import { errorCode, makeTrpcClient, SUPERADMIN_TOKEN_KEY, TRPCProvider } from "./trpc";

export const SUPER_ADMIN_PATH = "/nothing-to-see-here";

/**
 * One place reacts to failed calls: an expired session signs out (not in the super-admin area),
 * a refused super-admin token is cleared, and everything else shows one destructive toast.
 */
export function handleApiError(error: unknown, opts: { silent?: boolean } = {}): void {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const inSuperAdmin = window.location.pathname.startsWith(SUPER_ADMIN_PATH);
  if (inSuperAdmin && (code === "UNAUTHORIZED" || code === "FORBIDDEN")) {
    localStorage.removeItem(SUPERADMIN_TOKEN_KEY);
    toast({ variant: "destructive", title: i18n.t("common:error"), description: message });
    window.setTimeout(() => window.location.assign("/"), 1500);
    return;
  }
  if (!inSuperAdmin && isSessionError(error, code)) {
    expireSession();
    return;
  }
  if (!opts.silent) toast({ variant: "destructive", title: i18n.t("common:error"), description: message });
}

function makeQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, { silent: query.meta?.silent === true }) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleApiError(error, { silent: mutation.meta?.silent === true }) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => count < 1 && !["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND", "BAD_REQUEST"].includes(errorCode(error) ?? ""),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = React.useState(makeQueryClient);
  const [trpcClient] = React.useState(makeTrpcClient);
  const { i18n: i18nInstance } = useTranslation();
  const language = i18nInstance.language;
  const shownLanguage = React.useRef(language);
  React.useEffect(() => {
    document.documentElement.lang = language;
    // What was fetched in the other language (seeded names, server messages) is fetched again.
    if (shownLanguage.current !== language) void queryClient.invalidateQueries();
    shownLanguage.current = language;
  }, [language, queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <ThemeProvider>
          {children}
          <Toaster />
        </ThemeProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
