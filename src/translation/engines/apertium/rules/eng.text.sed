# English as a recognizer writes it, before the analyser of eng-spa (and so of English into
# every language). Written for this service (issue 33); sed -E over the request's text (-z),
# whole words only. Each rule: what it rewrites, and what came out before.

# A recognizer writes "i" without its capital: "i've had a fever" came out as "i've Tuvo una
# fiebre", "i'm allergic" as "i Soy alérgico" (the pair knows only "I").
s/(^|[^[:alnum:]\\])i(['’](m|ve|d|ll))?([^[:alnum:]]|$)/\1I\2\4/g
s/(^|[^[:alnum:]\\])i(['’](m|ve|d|ll))?([^[:alnum:]]|$)/\1I\2\4/g
# "anymore" (one word, as Americans write it) came out untranslated: the pair knows "any more".
s/(^|[^[:alnum:]\\])anymore([^[:alnum:]]|$)/\1any more\2/g
