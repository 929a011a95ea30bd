import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { HERO_PAUSE_AFTER_INTERACTION_MS } from "../../../shared/storefront/constants";
import type { Banner } from "../../../shared/storefront/sections";
import { useSiteT } from "../../public-site/i18n";

type HeroSize = "full" | "large" | "medium" | "small";

const HEIGHT: Record<HeroSize, string> = {
  full: "min-h-[100svh]",
  large: "min-h-[560px] @max-[768px]/shop:min-h-[420px]",
  medium: "min-h-[420px] @max-[768px]/shop:min-h-[340px]",
  small: "min-h-[280px] @max-[768px]/shop:min-h-[240px]",
};

export interface HeroCarouselProps {
  banners: Banner[];
  size: HeroSize;
  /** ms between slides */
  interval: number;
  autoplay: boolean;
}

function isFollowable(url: string): boolean {
  return url !== "";
}

/**
 * The hero banner carousel (spec 'Hero carousel'): advances every `interval` ms and wraps; a prev,
 * next or dot click pauses auto-play and resumes it 10 s later; one banner shows no controls.
 * Also pauses while hovered or focused, follows the arrow keys, and does not auto-advance under
 * prefers-reduced-motion. The first slide is the server's HTML (no layout shift on hydration).
 */
export function HeroCarousel({ banners, size, interval, autoplay }: HeroCarouselProps) {
  const { t } = useSiteT();
  const [index, setIndex] = useState(0);
  const [pausedUntil, setPausedUntil] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = banners.length;
  const resumeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const mq = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(mq.matches);
    const onChange = () => setReducedMotion(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, []);

  const paused = pausedUntil > 0 || hovered || focused || reducedMotion || !autoplay;
  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [count, paused, interval]);

  useEffect(
    () => () => {
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
    },
    [],
  );

  const manual = useCallback(
    (next: number) => {
      setIndex(((next % count) + count) % count);
      setPausedUntil(Date.now() + HERO_PAUSE_AFTER_INTERACTION_MS);
      if (resumeTimer.current) clearTimeout(resumeTimer.current);
      resumeTimer.current = setTimeout(() => setPausedUntil(0), HERO_PAUSE_AFTER_INTERACTION_MS);
    },
    [count],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (e.key === "ArrowLeft") {
      e.preventDefault();
      manual(index - 1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      manual(index + 1);
    }
  };

  return (
    <section
      className={`relative w-full overflow-hidden bg-gray-900 ${HEIGHT[size]}`}
      aria-roledescription={t("storefrontSections:hero.carousel")}
      aria-label={t("storefrontSections:hero.label")}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="hero-carousel"
    >
      {banners.map((b, i) => {
        const active = i === index;
        const href = isFollowable(b.button_url) ? b.button_url : b.link_url;
        return (
          <div
            key={b.id}
            className={`absolute inset-0 flex items-center transition-opacity duration-700 motion-reduce:transition-none ${active ? "opacity-100" : "pointer-events-none opacity-0"}`}
            aria-hidden={!active}
            inert={!active}
            data-testid="hero-slide"
          >
            {b.image_url ? (
              <picture>
                {b.mobile_image_url ? <source media="(max-width: 768px)" srcSet={b.mobile_image_url} /> : null}
                <img
                  src={b.image_url}
                  alt=""
                  className="absolute inset-0 h-full w-full object-cover"
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : undefined}
                  decoding="async"
                />
              </picture>
            ) : null}
            <div className="absolute inset-0 bg-gradient-to-r from-black/60 via-black/30 to-transparent" aria-hidden="true" />
            <div className="relative mx-auto w-full max-w-7xl px-20 py-12 text-white @max-[768px]/shop:px-16">
              <div className="max-w-xl">
                {b.subtitle ? <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-white/90">{b.subtitle}</p> : null}
                {b.title ? (
                  i === 0 ? (
                    <h2 className="text-4xl font-bold leading-tight @max-[768px]/shop:text-3xl">{b.title}</h2>
                  ) : (
                    <p className="text-4xl font-bold leading-tight @max-[768px]/shop:text-3xl">{b.title}</p>
                  )
                ) : null}
                {b.description ? <p className="mt-3 text-lg text-white/90 @max-[768px]/shop:text-base">{b.description}</p> : null}
                {b.button_text && href ? (
                  <a
                    href={href}
                    className="mt-6 inline-block rounded-md bg-[var(--shop-primary)] px-6 py-3 font-semibold text-white shadow hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-black"
                  >
                    {b.button_text}
                  </a>
                ) : null}
              </div>
            </div>
          </div>
        );
      })}
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => manual(index - 1)}
            className="absolute left-3 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-gray-900 shadow hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            aria-label={t("storefrontSections:hero.previous")}
            data-testid="hero-prev"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M15 18l-6-6 6-6" />
            </svg>
          </button>
          <button
            type="button"
            onClick={() => manual(index + 1)}
            className="absolute right-3 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/80 text-gray-900 shadow hover:bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
            aria-label={t("storefrontSections:hero.next")}
            data-testid="hero-next"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M9 18l6-6-6-6" />
            </svg>
          </button>
          <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-1">
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                onClick={() => manual(i)}
                className="flex h-6 w-6 items-center justify-center focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
                aria-label={t("storefrontSections:hero.goTo", { n: i + 1 })}
                aria-current={i === index ? "true" : undefined}
                data-testid="hero-dot"
              >
                <span className={`block h-2.5 rounded-full transition-all ${i === index ? "w-6 bg-white" : "w-2.5 bg-white/60"}`} />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
