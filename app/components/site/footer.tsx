import { Link } from "react-router";
import { SITE_NAME } from "~/lib/shared/meta";

const socials = [
  {
    label: "Auto Reseller on Twitter",
    href: "https://twitter.com/",
    path: "M23 4.6a9.5 9.5 0 0 1-2.7.7 4.7 4.7 0 0 0 2-2.6 9.4 9.4 0 0 1-3 1.1 4.7 4.7 0 0 0-8 4.3A13.4 13.4 0 0 1 1.6 3.2a4.7 4.7 0 0 0 1.5 6.3 4.7 4.7 0 0 1-2.1-.6v.1a4.7 4.7 0 0 0 3.8 4.6 4.7 4.7 0 0 1-2.1.1 4.7 4.7 0 0 0 4.4 3.2A9.5 9.5 0 0 1 0 18.9 13.3 13.3 0 0 0 7.2 21c8.7 0 13.4-7.2 13.4-13.4v-.6A9.6 9.6 0 0 0 23 4.6z",
  },
  {
    label: "Auto Reseller on YouTube",
    href: "https://www.youtube.com/",
    path: "M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.2 3.6-6.2 3.6z",
  },
  {
    label: "Auto Reseller on Facebook",
    href: "https://www.facebook.com/",
    path: "M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z",
  },
];

/** The site footer (spec point 1); its looks are app.css's `.site-footer`. */
export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <Link to="/about">About us</Link>
        <Link to="/contact">Contact</Link>
        <Link to="/jobs">Jobs</Link>
        <Link to="/press-kit">Press kit</Link>
      </nav>
      <ul aria-label="Social media">
        {socials.map((social) => (
          <li key={social.label}>
            <a href={social.href} aria-label={social.label} rel="noopener noreferrer">
              <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
                <path d={social.path} />
              </svg>
            </a>
          </li>
        ))}
      </ul>
      <p>{`Copyright © 2022 - All rights reserved by ${SITE_NAME}`}</p>
    </footer>
  );
}
