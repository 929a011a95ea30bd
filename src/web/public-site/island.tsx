import type { ComponentType } from "react";

/**
 * An interactive part of a server-rendered public page (a carousel, the cart, a form). The server
 * renders the component into the HTML with its props beside it; the page's small client entry
 * (shop-client.ts, marketing-client.ts) hydrates just these parts, so the rest of the page ships
 * no JavaScript. In the back office (the editor's preview) it is a plain component.
 * `name` is the component's key in the entry's island registry; props must be JSON.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <Component {...props} />
    </div>
  );
}

export type IslandRegistry = Record<string, ComponentType<any>>;
