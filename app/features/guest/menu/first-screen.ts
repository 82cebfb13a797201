// The menu's first commit of a page load draws only the first screenful of cards, as the Worker's first paint does
// (docs/decisions/268). Later visits to the menu in the same load draw it whole at once, as before: the page is already
// running, and a guest coming back keeps the whole list under the place they left.
let wholeMenuDrawn = false;

/** Whether the menu about to mount is the page load's first: it draws a screenful first, the rest deferred. */
export const firstMenuOfTheLoad = () => !wholeMenuDrawn;
/** Called once the whole menu is on screen. */
export const markWholeMenuDrawn = () => { wholeMenuDrawn = true; };
/** Tests mount the menu many times in one module instance. */
export const resetFirstMenuForTests = () => { wholeMenuDrawn = false; };
