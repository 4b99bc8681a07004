# Spanish as it is said, before the analyser of every mode from Spanish (and of the second step
# of every pivot). Written for this service (issue 33); sed -E over the request's text (-z),
# whole words only, a capital kept. Each rule: what it rewrites, and what came out before.

# "me falta el aire" came out as "It is missing me the air"; the pair writes "estoy sin aliento"
# as "I am out of breath".
s/(^|[^[:alnum:]\\])me falta el aire([^[:alnum:]]|$)/\1estoy sin aliento\2/g
s/(^|[^[:alnum:]\\])Me falta el aire([^[:alnum:]]|$)/\1Estoy sin aliento\2/g
s/(^|[^[:alnum:]\\])me falta la respiración([^[:alnum:]]|$)/\1estoy sin aliento\2/g
s/(^|[^[:alnum:]\\])Me falta la respiración([^[:alnum:]]|$)/\1Estoy sin aliento\2/g
# "me cuesta respirar" came out as "It costs me breathe": "tengo dificultad para respirar".
s/(^|[^[:alnum:]\\])me cuesta respirar([^[:alnum:]]|$)/\1tengo dificultad para respirar\2/g
s/(^|[^[:alnum:]\\])Me cuesta respirar([^[:alnum:]]|$)/\1Tengo dificultad para respirar\2/g
