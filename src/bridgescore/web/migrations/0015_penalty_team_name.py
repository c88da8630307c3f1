# A team's penalty names it by its id, which in one field is its name (up to 40 characters)

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('bridgescore', '0014_session_program_file_check'),
    ]

    operations = [
        migrations.AlterField(
            model_name='penalty',
            name='pair',
            field=models.CharField(help_text="the pair's movement id, or the team's (its name in one field)", max_length=40),
        ),
    ]
