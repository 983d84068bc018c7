export default {
  'common.required': 'This field is required',
  'common.search': 'Search',
  'common.reset': 'Reset',
  'common.loading': 'Loading…',
  'common.details': 'Details',
  'common.total': '{{total}} items in total',
  'common.pleaseEnter': 'Enter a value',
  'common.pleaseSelect': 'Choose a value',
  'common.clear': 'Clear',
  'common.selectRow': 'Select this row',
};
