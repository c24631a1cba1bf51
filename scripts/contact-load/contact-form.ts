/** The contact form post that both runs of scripts/load-contact.ts send, as a visitor's browser does. */

/**
 * Post `i`'s fields, `token` in its subject and message (how its stored copy is found), and the
 * form's submission key when given (the server stores a post once per key).
 */
export function contactForm(token: string, i: number, submissionKey?: string) {
  return new URLSearchParams({
    name: `Load Tester ${i}`,
    email: `load${i}@example.com`,
    subject: `Durability check ${token}`,
    message: `Message ${i} of the contact load test (${token}).`,
    ...(submissionKey === undefined ? {} : { submissionKey }),
  });
}

/** Posts the form to `origin`'s /contact as the browser does, from post `i`'s own client address. */
export function postContactForm(origin: string, i: number, body: URLSearchParams) {
  return fetch(`${origin}/contact`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": clientAddress(i),
    },
    body,
  });
}

/** A distinct client address for every request: 10.x.y.z. */
function clientAddress(i: number) {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255 || 1}`;
}
