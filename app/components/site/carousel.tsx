import { useEffect, useId, useState, useSyncExternalStore } from "react";

export interface Slide {
  headline: string;
  text: string;
  /** The colours shown until the picture has loaded (Tailwind classes). */
  background: string;
  /** A picture of our own origin's (public/slides/), behind the words. */
  picture: string;
}

const ROTATION_MS = 6000;

/**
 * The home banner, following the WAI-ARIA carousel pattern: slides are labelled groups,
 * rotation pauses on hover and focus and can be stopped, and it never rotates by itself
 * when the user prefers reduced motion. Without JavaScript the first slide shows. Each slide's
 * picture lies under a dark veil the words stay readable on; the first is fetched at once, being
 * the page's largest paint on wide screens, the others only when shown.
 */
export function Carousel({ slides, label }: { slides: Slide[]; label: string }) {
  const [current, setCurrent] = useState(0);
  // The visitor's own start/stop wins; until then, rotate unless they asked for reduced motion.
  const [choice, setChoice] = useState<boolean | null>(null);
  const motionWelcome = useSyncExternalStore(subscribeToMotionPreference, motionWelcomeNow, () => false);
  const playing = choice ?? motionWelcome;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();

  const rotating = playing && !hovered && !focused;
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % slides.length), ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [rotating, slides.length]);

  const show = (index: number) => setCurrent((index + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden rounded-2xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="absolute left-3 top-3 z-10 flex gap-2">
        <CarouselButton label={playing ? "Stop automatic slide show" : "Start automatic slide show"} onClick={() => setChoice(!playing)}>
          {playing ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" /> : <path d="M7 4l13 8-13 8z" />}
        </CarouselButton>
        <CarouselButton label="Previous slide" controls={slidesId} onClick={() => show(current - 1)}>
          <path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </CarouselButton>
        <CarouselButton label="Next slide" controls={slidesId} onClick={() => show(current + 1)}>
          <path d="M9 4l8 8-8 8" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </CarouselButton>
      </div>
      <div id={slidesId} aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, index) => (
          <div
            key={slide.headline}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            hidden={index !== current}
            className={`carousel-slide ${slide.background}`}
          >
            <img
              src={slide.picture}
              alt=""
              width={800}
              height={500}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              className="carousel-picture"
            />
            <h2 className="max-w-2xl text-2xl font-extrabold leading-tight sm:text-5xl">{slide.headline}</h2>
            <p className="mt-2 max-w-xl text-white/90 sm:mt-4 sm:text-lg">{slide.text}</p>
          </div>
        ))}
      </div>
      <div className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-2" aria-hidden="true">
        {slides.map((slide, index) => (
          <span key={slide.headline} className={`h-2 w-6 rounded-full ${index === current ? "bg-white" : "bg-white/40"}`} />
        ))}
      </div>
    </section>
  );
}

function CarouselButton({
  label,
  controls,
  onClick,
  children,
}: {
  label: string;
  controls?: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button type="button" aria-label={label} aria-controls={controls} onClick={onClick} className="carousel-control">
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
        {children}
      </svg>
    </button>
  );
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const motionWelcomeNow = () => !window.matchMedia(REDUCED_MOTION).matches;

function subscribeToMotionPreference(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
