"""Every word on the page: gettext catalogues and what a screen reader hears."""
