import { useEffect } from "react";

/**
 * The section reveal (spec 'Section reveal'): sections with an animation start hidden and animate in
 * once 10% of them is visible, once. It renders nothing: on the client it marks the page
 * (html.js-reveal, which is what hides them: without JavaScript they stay visible) and watches every
 * [data-reveal] element. Under prefers-reduced-motion the CSS shows them without motion.
 */
export function RevealObserver() {
  useEffect(() => {
    const root = document.documentElement;
    if (typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          entry.target.classList.add("is-revealed");
          observer.unobserve(entry.target);
        }
      },
      { threshold: 0.1 },
    );
    const watch = () => {
      for (const el of document.querySelectorAll("[data-reveal]:not(.is-revealed)")) observer.observe(el);
    };
    watch();
    root.classList.add("js-reveal");
    const mutations = new MutationObserver(watch);
    mutations.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, []);
  return null;
}
