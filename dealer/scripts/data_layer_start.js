// The page start: window.vmConstants in the data layer, and window.vmTrack(entries),
// which caches the records an entry carries in it and pushes the entries
// (dealer/analytics.py; __KEY__ is the entries' key of those records).
window.vmConstants=__CONSTANTS__;
dataLayer.push({[__KEY__]:vmConstants});
window.vmTrack=function(entries){entries.forEach(function(e){var c=e[__KEY__]||{};for(var k in c){if(k==='locale')vmConstants.locale=c[k];else for(var i in c[k])vmConstants[k][i]=c[k][i]}dataLayer.push(e)})};
