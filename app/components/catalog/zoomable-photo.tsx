import { useRef, useState } from "react";
import { photoSources } from "~/lib/shared/photo";
import { type CarPhoto } from "~/lib/schemas/types";

/** How far a finger travels sideways for a swipe to the next or previous photo. */
export const SWIPE_PX = 40;
const DOUBLE_TAP_ZOOM = 2.5;
const MAX_ZOOM = 4;
const DOUBLE_TAP_MS = 300;

/**
 * The full-screen photo: a double tap (or double click) zooms in at that point and out again, two
 * fingers pinch the zoom, one finger moves a zoomed photo about, and a swipe of an unzoomed one
 * moves to the next. The zoom is a CSS scale about a point (transform-origin), so moving the photo
 * is moving that point.
 */
export function ZoomablePhoto({ photo, alt, onSwipe }: { photo: CarPhoto; alt: string; onSwipe?: (step: number) => void }) {
  const [zoom, setZoom] = useState({ scale: 1, x: 50, y: 50 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const lastTap = useRef(-Infinity);
  const lastPointer = useRef("mouse");
  const swipeStart = useRef<number | null>(null);

  // A point on the screen as a percentage of the photo's box (where the zoom is centred).
  const percentAt = (element: HTMLElement, x: number, y: number) => {
    const box = element.getBoundingClientRect();
    return { x: ((x - box.left) / box.width) * 100, y: ((y - box.top) / box.height) * 100 };
  };
  const toggleAt = (element: HTMLElement, x: number, y: number) =>
    setZoom((now) => (now.scale > 1 ? { scale: 1, x: 50, y: 50 } : { scale: DOUBLE_TAP_ZOOM, ...percentAt(element, x, y) }));
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  };

  return (
    <img
      {...photoSources(photo)}
      sizes="100vw"
      alt={alt}
      draggable={false}
      style={{ transform: `scale(${zoom.scale})`, transformOrigin: `${zoom.x}% ${zoom.y}%` }}
      className={`size-full touch-none select-none object-contain ${zoom.scale > 1 ? "cursor-zoom-out" : "cursor-zoom-in"}`}
      onDoubleClick={(event) => {
        // Browsers follow a double tap with a dblclick of their own: the taps have zoomed already.
        if (lastPointer.current === "mouse") toggleAt(event.currentTarget, event.clientX, event.clientY);
      }}
      onPointerDown={(event) => {
        lastPointer.current = event.pointerType;
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        // A second finger makes it a pinch, never a swipe.
        swipeStart.current = pointers.current.size === 1 ? event.clientX : null;
        if (pointers.current.size === 2) pinch.current = { distance: spread(), scale: zoom.scale };
        if (event.pointerType === "mouse" || pointers.current.size > 1) return;
        // Two taps in a row with one finger: zoom (mice have dblclick). A third tap starts a new pair.
        const second = event.timeStamp - lastTap.current < DOUBLE_TAP_MS;
        if (second) toggleAt(event.currentTarget, event.clientX, event.clientY);
        lastTap.current = second ? -Infinity : event.timeStamp;
      }}
      onPointerMove={(event) => {
        const previous = pointers.current.get(event.pointerId);
        if (!previous) return;
        pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
        const element = event.currentTarget;
        if (pinch.current && pointers.current.size === 2) {
          const { distance, scale } = pinch.current;
          const [a, b] = [...pointers.current.values()];
          const centre = percentAt(element, (a.x + b.x) / 2, (a.y + b.y) / 2);
          setZoom({ scale: Math.min(MAX_ZOOM, Math.max(1, (scale * spread()) / distance)), ...centre });
        } else if (zoom.scale > 1) {
          // Dragging a zoomed photo moves its zoom point the other way, by the part of the box dragged.
          const box = element.getBoundingClientRect();
          const clamp = (value: number) => Math.min(100, Math.max(0, value));
          setZoom((now) => ({
            ...now,
            x: clamp(now.x - ((event.clientX - previous.x) / box.width) * 100),
            y: clamp(now.y - ((event.clientY - previous.y) / box.height) * 100),
          }));
        }
      }}
      onPointerUp={(event) => {
        pointers.current.delete(event.pointerId);
        if (pointers.current.size < 2) pinch.current = null;
        const start = swipeStart.current;
        if (pointers.current.size > 0 || start === null) return;
        swipeStart.current = null;
        const dragDistance = event.clientX - start;
        if (onSwipe && zoom.scale === 1 && Math.abs(dragDistance) >= SWIPE_PX) onSwipe(dragDistance < 0 ? 1 : -1);
      }}
      onPointerCancel={(event) => {
        pointers.current.delete(event.pointerId);
        pinch.current = null;
        swipeStart.current = null;
      }}
    />
  );
}
