// The start of every page: the data layer, Consent Mode's 'default' (all denied but
// necessary) and, for a returning visitor, an 'update' with the stored choice;
// window.consentSignals turns a choice into the update's signals (dealer/consent.py).
window.dataLayer=window.dataLayer||[];
window.gtag=window.gtag||function(){dataLayer.push(arguments)};
gtag('consent','default',__DEFAULT__);
window.consentSignals=function(c){var m=__SIGNALS__,s={};for(var k in m)m[k].forEach(function(n){s[n]=k==='necessary'||c.indexOf(k)>=0?'granted':'denied'});return s};
(function(){var m=document.cookie.match(new RegExp('(?:^|; *)'+__COOKIE__+'=([^;]*)'));if(!m)return;try{var c=JSON.parse(decodeURIComponent(m[1])).categories;if(Array.isArray(c))gtag('consent','update',consentSignals(c))}catch(e){}})();
