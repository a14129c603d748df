/* global SwaggerUIBundle */
// Loaded as a file: the Content-Security-Policy allows no inline script.
window.ui = SwaggerUIBundle({ url: '../openapi.json', dom_id: '#swagger-ui', deepLinking: true });
