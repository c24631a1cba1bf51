/** The flags the auth page's loader passes: which social providers can be used. */
export type SocialFlags = { google: boolean; facebook: boolean };
