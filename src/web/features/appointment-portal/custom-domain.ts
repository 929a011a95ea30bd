/**
 * On a booking portal's custom domain the server names the portal's path in the page
 * (<meta name="enzzo-portal-path">): only the portal is offered there, so '/' opens it.
 */
export function customDomainPortalPath(): string | null {
  const content = document.querySelector<HTMLMetaElement>('meta[name="enzzo-portal-path"]')?.content;
  return content && /^[a-z0-9][a-z0-9-]*$/.test(content) ? content : null;
}
