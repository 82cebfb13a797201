// The images domain's entry for other domains (docs/decisions/259): what they may use of it.
export { drinkArtUrl, redrawnDrinkArt } from './drink-art';
export { generatedVenuePictureSvg } from './generated-pictures';
export { deleteImageIfUnused } from './uploads';
export { redrawnVenueArt, venueArtSvgForUrl, venueArtUrl } from './venue-art';
export { venueIconUrl } from './venue-icon';
