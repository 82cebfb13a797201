/** A venue's web app manifest (worker/venues/manifest.ts), which the Worker's HTML of its pages links. */
export const venueManifestPath = (slug: string) => `/api/venues/${encodeURIComponent(slug)}/manifest.webmanifest`;
