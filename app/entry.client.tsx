import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, except that hydration waits until the browser has painted the
// server's HTML once: hydrating a page of cards is tens of milliseconds of script on a phone, and run
// first it held the first paint back until it was done. A timeout queued from an animation frame
// runs after that frame's paint.
requestAnimationFrame(() => {
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  }, 0);
});
