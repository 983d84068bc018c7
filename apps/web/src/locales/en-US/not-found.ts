// The spec (§2) gives these texts verbatim, capitals included.
export default {
  'notFound.title': 'Page Not Found',
  'notFound.subtitle': 'SORRY, SOMETHING WENT WRONG – WE APOLOGIZE FOR ANY INCONVENIENCE.',
  'notFound.back': 'Back prev page',
};
