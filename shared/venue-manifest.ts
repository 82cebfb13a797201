/** A venue's web app manifest (worker/venues/manifest.ts), which its pages link: by the Worker's HTML and by the app. */
export const venueManifestPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/manifest.webmanifest`;
