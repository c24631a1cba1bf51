import { cn } from "~/utils/cn";

/**
 * A dog and a cat drawn in SVG: crisp at every size, a few hundred bytes, and no
 * request to an image host.
 */
export function PetDuo({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 400 320"
      role="img"
      aria-labelledby="pet-duo-title"
      className={cn("h-auto w-full", className)}
    >
      <title id="pet-duo-title">A happy dog and cat side by side</title>
      <ellipse cx="200" cy="292" rx="170" ry="18" fill="#0f665f" opacity=".15" />
      {/* Dog */}
      <g>
        <path d="M70 110 q-30 10 -28 70 q20 5 34 -30z" fill="#8a5a2b" />
        <path d="M210 110 q30 10 28 70 q-20 5 -34 -30z" fill="#8a5a2b" />
        <rect x="80" y="190" width="120" height="100" rx="50" fill="#e0a566" />
        <circle cx="140" cy="150" r="72" fill="#f2c185" />
        <ellipse cx="140" cy="180" rx="38" ry="28" fill="#fbe3c2" />
        <circle cx="115" cy="138" r="9" fill="#1a1e20" />
        <circle cx="165" cy="138" r="9" fill="#1a1e20" />
        <circle cx="118" cy="135" r="3" fill="#fff" />
        <circle cx="168" cy="135" r="3" fill="#fff" />
        <ellipse cx="140" cy="168" rx="13" ry="9" fill="#1a1e20" />
        <path d="M126 186 q14 14 28 0" stroke="#1a1e20" strokeWidth="4" fill="none" strokeLinecap="round" />
        <path d="M136 192 q4 16 8 0z" fill="#e8697a" />
      </g>
      {/* Cat */}
      <g>
        <path d="M232 120 l8 -52 l36 34z" fill="#6c767b" />
        <path d="M348 120 l-8 -52 l-36 34z" fill="#6c767b" />
        <path d="M242 110 l4 -28 l20 20z" fill="#f4a7b2" />
        <path d="M338 110 l-4 -28 l-20 20z" fill="#f4a7b2" />
        <rect x="240" y="200" width="100" height="90" rx="45" fill="#8f989d" />
        <circle cx="290" cy="150" r="62" fill="#a7b0b5" />
        <ellipse cx="270" cy="145" rx="8" ry="11" fill="#1a1e20" />
        <ellipse cx="310" cy="145" rx="8" ry="11" fill="#1a1e20" />
        <circle cx="272" cy="141" r="3" fill="#fff" />
        <circle cx="312" cy="141" r="3" fill="#fff" />
        <path d="M283 166 h14 l-7 8z" fill="#e8697a" />
        <path
          d="M290 174 q-8 10 -16 4 M290 174 q8 10 16 4"
          stroke="#1a1e20"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
        <path
          d="M240 165 h-30 M242 175 h-28 M340 165 h30 M338 175 h28"
          stroke="#535c61"
          strokeWidth="2"
          strokeLinecap="round"
        />
        <path
          d="M338 270 q50 -10 40 -60"
          stroke="#8f989d"
          strokeWidth="14"
          fill="none"
          strokeLinecap="round"
        />
      </g>
      {/* Sparkles: the "AI" magic */}
      <path d="M200 40 l6 14 l14 6 l-14 6 l-6 14 l-6 -14 l-14 -6 l14 -6z" fill="#ffb020" />
      <path d="M360 40 l4 9 l9 4 l-9 4 l-4 9 l-4 -9 l-9 -4 l9 -4z" fill="#ffb020" />
      <path d="M40 60 l3 7 l7 3 l-7 3 l-3 7 l-3 -7 l-7 -3 l7 -3z" fill="#2bbcab" />
    </svg>
  );
}
